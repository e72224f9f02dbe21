/** Shared TanStack Query hooks of the antd pages. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type TLookupItem } from '@tulip/contract';
import { OPS_USER, RES_LINGUE } from '@tulip/contract/wire';
import { http } from './http';
import { call, listOf } from './api';
import type { ProfiloInfo } from './session';

export type ListAnswer<T> = { rows: T[]; total: number };

/** Languages (GET /api/lang), for the language switch and pickers. */
export function useLanguages(enabled = true) {
  return useQuery({
    queryKey: ['langs'],
    enabled,
    queryFn: () => listOf(RES_LINGUE, { page: 1, size: 100 }, { notifyError: false }),
    staleTime: 5 * 60_000,
    select: (a) => (Array.isArray(a?.rows) ? a.rows : []),
  });
}

/** [{value,label}] of a resource (GET with X-HTTP-Method-Override: lookup). */
export function useLookup(path: string | undefined) {
  return useQuery({
    queryKey: ['lookup', path],
    queryFn: () => http.get<TLookupItem[]>(path!, { override: 'lookup' }),
    enabled: !!path,
    staleTime: 60_000,
    select: (a) => (Array.isArray(a) ? a : []),
  });
}

/** The logged user's profiles (GET /api/user/profile with override "profiles"). */
export function useProfiles(enabled = true) {
  return useQuery({
    queryKey: ['profiles'],
    // with the override the answer is the list of profiles
    queryFn: () => call(OPS_USER.profilo, {}, { override: 'profiles', notifyError: false }) as Promise<ProfiloInfo[]>,
    enabled,
    staleTime: 5 * 60_000,
    select: (a) => (Array.isArray(a) ? a : []),
  });
}

/** Invalidates the list and lookup caches of a resource. */
export function useInvalidateResource() {
  const qc = useQueryClient();
  return (path: string) =>
    Promise.all([qc.invalidateQueries({ queryKey: ['resource', path] }), qc.invalidateQueries({ queryKey: ['lookup', path] })]);
}
