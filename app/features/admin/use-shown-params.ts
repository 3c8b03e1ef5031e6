import { useLocation, useNavigation, useSearchParams } from 'react-router';

/**
 * The search parameters a screen's choices show: the ones its loader is reading for (a choice just made), else the
 * address's. A loader changes the address only once it has read, so a choice shown from the address alone would
 * spring back until then, and a second choice made meanwhile would build on the first one's old address.
 */
export function useShownParams(): URLSearchParams {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const location = useLocation();
  const next = navigation.state === 'loading' ? navigation.location : undefined;
  return next && next.pathname === location.pathname ? new URLSearchParams(next.search) : params;
}
