/** The signed-in user as `GET /api/me` returns it. */
export interface Profile {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
  isEmailVerified: boolean;
  role: string | null;
  activeCompany: { companyId: string; companyName: string; role: string } | null;
  companyList: { companyId: string; companyName: string }[];
  subscription: null | {
    companyId: string;
    companyName: string;
    subscriptionStatus: string;
    trialExpiryDate: string | null;
  };
}
