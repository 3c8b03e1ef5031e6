import { useEffect, useState } from 'react';
import type { PaymentMethod } from '../../../contract/wallet.ts';
import { fetchPaymentMethods } from './cashier-api.ts';

/** The cashier's payment methods and their limits (possibly none): null while loading, or the reason they could not be read. */
export function usePaymentMethods(): { methods: PaymentMethod[] | null; problem: string | null } {
  const [state, setState] = useState<{ methods: PaymentMethod[] | null; problem: string | null }>({ methods: null, problem: null });
  useEffect(() => {
    let current = true;
    void fetchPaymentMethods().then((result) => {
      if (!current) return;
      if (!result.ok) setState({ methods: null, problem: result.message });
      else setState({ methods: result.body.data, problem: null });
    });
    return () => {
      current = false;
    };
  }, []);
  return state;
}
