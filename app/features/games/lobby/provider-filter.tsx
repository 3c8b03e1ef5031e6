import { createContext, useContext, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

// The lobby's provider filter: every shelf shows only the chosen provider's games; "All providers" shows all.

const LobbyProviderContext = createContext<string | null>(null);

export function useLobbyProvider(): string | null {
  return useContext(LobbyProviderContext);
}

export function ProviderFilter({ providers, children }: { providers: { slug: string; name: string }[]; children: ReactNode }) {
  const [provider, setProvider] = useState<string | null>(null);
  const id = useId();
  const chosen = providers.find((p) => p.slug === provider);
  return (
    <LobbyProviderContext.Provider value={provider}>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={id} className="text-sm font-semibold text-mist-300">
          Provider
        </label>
        <select
          id={id}
          value={provider ?? ''}
          onChange={(event) => setProvider(event.target.value === '' ? null : event.target.value)}
          className="h-10 rounded-lg border border-night-600 bg-night-850 px-3 text-sm text-mist-100 focus:border-gold-400 focus:outline-none"
          data-testid="provider-filter"
        >
          <option value="">All providers</option>
          {providers.map((p) => (
            <option key={p.slug} value={p.slug}>
              {p.name}
            </option>
          ))}
        </select>
        {chosen ? (
          <Link to={`/providers/${chosen.slug}`} className="text-sm font-semibold text-gold-300 hover:underline">
            All {chosen.name} games
          </Link>
        ) : null}
      </div>
      {children}
    </LobbyProviderContext.Provider>
  );
}
