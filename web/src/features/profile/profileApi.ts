import { api } from '../../lib/api';

/** Calls that change the signed-in user's profile. */
export const profileApi = {
  updateName: (name: string) => api.patch('/api/me', { body: { name } }),
};
