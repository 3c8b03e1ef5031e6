import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { Route } from './+types/exports';
import type { RegulatorExportView } from '../../../contract/regulator.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { adminApi, adminLoad, downloadCsv } from '../../features/admin/api.ts';
import { type Outcome, ReasonDialog } from '../../features/admin/reason-dialog.tsx';
import { AdminHeading, dateTime, Loading, Notice } from '../../features/admin/ui.tsx';

const today = () => new Date().toISOString().slice(0, 10);
const firstOfMonth = () => `${today().slice(0, 8)}01`;
const rowsOf = (item: RegulatorExportView) => item.files.reduce((sum, file) => sum + file.rows, 0);
const rowCount = (rows: number) => `${rows.toLocaleString('en')} ${rows === 1 ? 'row' : 'rows'}`;

function ExportCard({ item, onDownload }: { item: RegulatorExportView; onDownload: (item: RegulatorExportView) => void }) {
  const [open, setOpen] = useState(false);
  const panel = `files-${item.id}`;
  return (
    <section className="rounded-card border border-night-700 bg-night-850 p-4 [overflow-wrap:anywhere]" aria-labelledby={`${panel}-title`} data-testid="export">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <h3 id={`${panel}-title`} className="text-base font-semibold text-mist-100">
            {item.from === item.to ? item.from : `${item.from} to ${item.to}`}
          </h3>
          <p className="mt-1 text-sm text-mist-300">
            Made {dateTime(item.generated_at)} UTC · {item.files.length} files · {rowCount(rowsOf(item))}
          </p>
          <p className="mt-1 font-mono text-xs text-mist-400">manifest SHA-256 {item.manifest_sha256}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="ghost" className="min-h-0 px-3 py-1.5" aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
            {open ? 'Hide files' : 'Files'}
          </Button>
          <Button className="min-h-0 px-3 py-1.5" aria-label={`Download the export ${item.from} to ${item.to}`} onClick={() => onDownload(item)}>
            Download
          </Button>
        </div>
      </div>
      {open ? (
        <ul id={panel} className="mt-3 divide-y divide-night-700 rounded-lg border border-night-700 bg-night-900/40 px-3 text-sm">
          {item.files.map((file) => (
            <li key={file.name} className="flex flex-wrap items-baseline justify-between gap-x-4 py-2">
              <span className="font-mono text-mist-100">{file.name}</span>
              <span className="tabular-nums text-mist-300">{rowCount(file.rows)}</span>
              <span className="w-full break-all font-mono text-xs text-mist-400">{file.sha256}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => adminLoad(request, '/api/admin/exports');

export function HydrateFallback() {
  return <Loading />;
}

/** The regulator's export (docs/regulator-export.md): made for a range of days, kept on the server, downloaded as one archive. */
export default function AdminExports({ loaderData: { data, error } }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [range, setRange] = useState({ from: firstOfMonth(), to: today() });
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    setAsking(true);
  }
  async function download(item: RegulatorExportView) {
    const ok = await downloadCsv(`/api/admin/exports/${item.id}/archive`, `regulator-export-${item.id}.tar`);
    if (!ok) setOutcome({ tone: 'error', text: 'The export could not be downloaded. Try again, or make it again.' });
  }

  return (
    <div className="space-y-5">
      <AdminHeading title="Regulator’s export" />
      <p className="text-sm text-mist-400">
        Every player’s account events, sessions, transactions, game rounds, limits, exclusions, alerts, cases and interventions for the days chosen, as one CSV
        file per kind with a manifest describing every column and the SHA-256 of every file. Days are in UTC and both ends are included.
      </p>
      <form onSubmit={ask} className="grid gap-3 rounded-card border border-night-700 bg-night-850 p-4 sm:grid-cols-3 sm:items-end" aria-label="Make an export">
        <TextField
          label="From"
          type="date"
          value={range.from}
          max={range.to}
          required
          onChange={(event) => setRange({ ...range, from: event.currentTarget.value })}
        />
        <TextField
          label="To"
          type="date"
          value={range.to}
          min={range.from}
          max={today()}
          required
          onChange={(event) => setRange({ ...range, to: event.currentTarget.value })}
        />
        <Button type="submit">Make export</Button>
      </form>
      {outcome ? (
        <div data-testid="export-outcome">
          <Notice tone={outcome.tone}>{outcome.text}</Notice>
        </div>
      ) : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      <h2 className="text-lg font-semibold text-mist-100">Exports made</h2>
      {!data ? null : data.length === 0 ? (
        <Notice>No export has been made yet.</Notice>
      ) : (
        <div className="space-y-3">
          {data.map((item) => (
            <ExportCard key={item.id} item={item} onDownload={download} />
          ))}
        </div>
      )}
      {asking ? (
        <ReasonDialog
          title="Make the regulator’s export"
          effect={
            <>
              Make the export for {range.from === range.to ? range.from : `${range.from} to ${range.to}`}. It holds players’ personal data: it is kept on the
              server for download by staff allowed to run exports, and making and downloading it are both written to the audit log.
            </>
          }
          confirm="Make export"
          tone="primary"
          reasonLabel="Why (e.g. the regulator’s request)"
          send={(reason) => adminApi('POST', '/api/admin/exports', { ...range, reason })}
          onClose={() => setAsking(false)}
          onDone={(result) => {
            setAsking(false);
            const made = result.body.data;
            setOutcome({
              tone: 'success',
              text: `The export for ${made.from} to ${made.to} is ready: ${rowCount(rowsOf(made))} in ${made.files.length} files.`,
            });
            void revalidator.revalidate();
          }}
        />
      ) : null}
    </div>
  );
}
