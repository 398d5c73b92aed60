// Firebase services of the panel (full Auth + Firestore), created once from the validated env.
import { getAdminServices, type AdminServices } from '@silk/data-access/admin-firebase';
import { env } from '@/config/env';

let services: AdminServices | undefined;

export function adminServices(): AdminServices {
  services ??= getAdminServices(env);
  return services;
}
