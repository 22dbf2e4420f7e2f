import { api } from '../../lib/api';
import type { Profile } from '../profile/Profile';

interface MessageResponse {
  message: string;
}

/** Calls behind the sign-in and account screens. */
export const authApi = {
  signUp: (body: { fullName: string; email: string; password: string }) =>
    api.post<MessageResponse>('/api/auth/sign-up', body),
  login: (body: { email: string; password: string; rememberMe: boolean }) =>
    api.post<{ user: Profile }>('/api/auth/login', body),
  logout: () => api.post<void>('/api/auth/logout'),
  verifyEmail: (body: { userId: string; token: string }) => api.post<MessageResponse>('/api/auth/verify-email', body),
  forgotPassword: (body: { email: string }) => api.post<MessageResponse>('/api/auth/forgot-password', body),
  resetPassword: (body: { userId: string; token: string; password: string }) =>
    api.post<MessageResponse>('/api/auth/reset-password', body),
};
