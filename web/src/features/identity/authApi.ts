import { api, type ApiBody } from '../../lib/api';

type Body<Path extends Parameters<typeof api.post>[0]> = ApiBody<'post', Path>;

/** Calls behind the sign-in and account screens. */
export const authApi = {
  signUp: (body: Body<'/api/auth/sign-up'>) => api.post('/api/auth/sign-up', { body }),
  login: (body: Body<'/api/auth/login'>) => api.post('/api/auth/login', { body }),
  logout: () => api.post('/api/auth/logout'),
  verifyEmail: (body: Body<'/api/auth/verify-email'>) => api.post('/api/auth/verify-email', { body }),
  resendVerification: (body: Body<'/api/auth/resend-verification'>) => api.post('/api/auth/resend-verification', { body }),
  forgotPassword: (body: Body<'/api/auth/forgot-password'>) => api.post('/api/auth/forgot-password', { body }),
  resetPassword: (body: Body<'/api/auth/reset-password'>) => api.post('/api/auth/reset-password', { body }),
};
