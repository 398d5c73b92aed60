// Firebase services of the panel (full Auth + Firestore), created once from the validated env.
import { getAdminServices } from '@silk/data-access/admin-firebase';
import { env } from '../config/env';

export type AdminServices = ReturnType<typeof getAdminServices>;

let services: AdminServices | undefined;

export function adminServices(): AdminServices {
  services ??= getAdminServices(env);
  return services;
}
