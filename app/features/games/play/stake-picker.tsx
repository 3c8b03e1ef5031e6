/** A stake from the house's ladder, stepped down and up; no free entry, so every stake offered is playable. */
export function StakePicker({
  ladder,
  stake,
  onChange,
  disabled,
  format,
  note,
}: {
  ladder: number[];
  stake: number;
  onChange: (stake: number) => void;
  disabled: boolean;
  format: (minor: number) => string;
  note?: string;
}) {
  const at = ladder.indexOf(stake);
  return (
    <div role="group" aria-label="Stake" className="flex items-center gap-2">
      <button
        type="button"
        className="btn btn-ghost h-10 w-10 p-0 text-lg"
        aria-label="Lower stake"
        disabled={disabled || at <= 0}
        onClick={() => onChange(ladder[at - 1]!)}
      >
        −
      </button>
      <div className="min-w-24 text-center">
        <p className="text-xs uppercase tracking-wide text-mist-400">Stake</p>
        <p className="font-bold text-mist-100" data-testid="stake">
          {format(stake)}
        </p>
        {note ? <p className="text-[0.6875rem] text-mist-400">{note}</p> : null}
      </div>
      <button
        type="button"
        className="btn btn-ghost h-10 w-10 p-0 text-lg"
        aria-label="Raise stake"
        disabled={disabled || at >= ladder.length - 1}
        onClick={() => onChange(ladder[at + 1]!)}
      >
        +
      </button>
    </div>
  );
}
