/** Company roles (spec core §6). */
export type Role = 'Admin' | 'Manager' | 'Head' | 'Member' | 'Client';
