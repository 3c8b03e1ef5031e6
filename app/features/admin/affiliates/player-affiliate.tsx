// The player page's affiliate card: who the player came through (link, sub-ID, when), and whether they are a test
// player, whom no affiliate is paid for (docs/decisions/0107).
import { useState } from 'react';
import { Link } from 'react-router';
import type { PlayerDetail } from '../../../../contract/operators.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { adminApi } from '../api.ts';
import { ReasonDialog } from '../reason-dialog.tsx';
import { Badge, dateTime } from '../ui.tsx';

export function PlayerAffiliate({
  playerId,
  affiliate,
  canManage,
  reload,
}: {
  playerId: string;
  affiliate: PlayerDetail['affiliate'];
  canManage: boolean;
  reload: () => void;
}) {
  const [marking, setMarking] = useState(false);
  return (
    <Card title="Affiliate">
      {affiliate ? (
        <div className="space-y-2 text-sm" data-testid="player-affiliate">
          <p>
            <Link to={`/admin/affiliates?open=${affiliate.id}`} className="text-gold-400 hover:underline">
              {affiliate.name}
            </Link>
            {affiliate.test ? (
              <>
                {' '}
                <Badge tone="warn">test player</Badge>
              </>
            ) : null}
            {affiliate.duplicate ? (
              <>
                {' '}
                <Badge tone="bad">duplicate</Badge>
              </>
            ) : null}
          </p>
          <p className="break-all text-xs text-mist-400">
            Link <span className="font-mono">{affiliate.link_token}</span>
            {affiliate.sub ? (
              <>
                {' '}
                · sub-ID <span className="font-mono">{affiliate.sub}</span>
              </>
            ) : null}{' '}
            · {dateTime(affiliate.attributed_at)}
          </p>
          {canManage ? (
            <Button variant="ghost" className="min-h-0 px-3 py-1.5 text-sm" onClick={() => setMarking(true)}>
              {affiliate.test ? 'Count as a real player…' : 'Mark as test player…'}
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-mist-400" data-testid="player-affiliate">
          Came to the site on their own: no affiliate.
        </p>
      )}
      {marking && affiliate ? (
        <ReasonDialog
          title={affiliate.test ? 'Count as a real player' : 'Mark as test player'}
          effect={
            affiliate.test
              ? `Count this player for ${affiliate.name} again: from the next statement they can qualify for CPA and their revenue counts.`
              : `Mark this player as a test player: they never qualify ${affiliate.name} for CPA and their revenue never counts, from the next statement on.`
          }
          confirm={affiliate.test ? 'Count as real' : 'Mark as test'}
          tone="primary"
          send={(reason) => adminApi('PUT', `/api/admin/affiliate-attributions/${playerId}/flags`, { test: !affiliate.test, reason })}
          onClose={() => setMarking(false)}
          onDone={() => {
            setMarking(false);
            reload();
          }}
        />
      ) : null}
    </Card>
  );
}
