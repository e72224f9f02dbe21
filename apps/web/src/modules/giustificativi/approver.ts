import { useScope } from '../../components/scope';

/** Whether the logged user approves requests (may open the justifications and is not limited to own data). */
export function useIsApprover(): boolean {
  const { soloProprio, routes } = useScope();
  return routes.includes('giustificativi.calendario') && !soloProprio;
}
