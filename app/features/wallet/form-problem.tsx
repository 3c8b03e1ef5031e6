/** A cashier form's refusal that belongs to no single field, announced when it appears. */
export function FormProblem({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <p role="alert" className="rounded-lg border border-ruby-500/60 bg-ruby-500/10 px-3 py-2 text-sm text-mist-100">
      {problem}
    </p>
  );
}
