import { useQuery } from '@tanstack/react-query';
import type { PaymentMethod } from '../../../contract/wallet.ts';
import { queryKeys } from '../../lib/queries.ts';
import { fetchPaymentMethods } from './cashier-api.ts';

async function readPaymentMethods(): Promise<PaymentMethod[]> {
  const result = await fetchPaymentMethods();
  if (!result.ok) throw new Error(result.message);
  return result.body.data;
}

/** The cashier's payment methods and their limits (possibly none): null while loading, or the reason they could not be read. */
export function usePaymentMethods(): { methods: PaymentMethod[] | null; problem: string | null } {
  // Read afresh each time a cashier opens (limits and methods change in the back office).
  const { data, error } = useQuery({ queryKey: queryKeys.paymentMethods, queryFn: readPaymentMethods, refetchOnMount: 'always' });
  if (error && !data) return { methods: null, problem: error.message };
  return { methods: data ?? null, problem: null };
}
