// The Embed tab's calls (Admins only, each with the caller's ID token): the allowed sites, read and saved.
import { callEmbedOrigins } from '@silk/data-access/embed-origins';
import { adminServices } from '@/lib/services';

export async function loadEmbedOrigins(): Promise<string[]> {
  return (await callEmbedOrigins(adminServices(), 'embedOriginsList', {})).origins;
}

/** Saves the whole list; answers it as stored (normalised, without repeats). */
export async function saveEmbedOrigins(origins: string[]): Promise<string[]> {
  return (await callEmbedOrigins(adminServices(), 'embedOriginsSave', { origins })).origins;
}
