import { MessageForm } from '../../features/admin/message-form.tsx';
import { AdminHeading } from '../../features/admin/ui.tsx';

/** A message to one player's inbox, or to every player of a segment (marketing: confirmed with its count first). */
export default function AdminMessages() {
  return (
    <div className="max-w-2xl space-y-5">
      <AdminHeading title="Messages" />
      <MessageForm />
    </div>
  );
}
