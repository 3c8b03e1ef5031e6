import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card, EmptyState, Skeleton } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Checkbox, SelectField, TextField } from '../../components/ui/field.tsx';
import { Pagination, Table } from '../../components/ui/table.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { useToast } from '../../components/ui/toast.tsx';

const sampleRows = [
  { id: 'd-1001', type: 'Deposit', amount: '€50.00', status: 'Completed' },
  { id: 'w-2002', type: 'Withdrawal', amount: '€20.00', status: 'Pending' },
];

/** Every shared component in its states, for staging review and the browser tests. */
export function DesignSystemGallery() {
  const [tab, setTab] = useState('buttons');
  const [dialogOpen, setDialogOpen] = useState(false);
  const { notify } = useToast();
  return (
    <section aria-labelledby="design-system" className="mt-10 space-y-6">
      <h2 id="design-system" className="font-display text-2xl font-bold">
        Design system
      </h2>
      <Tabs
        label="Component groups"
        selected={tab}
        onSelect={setTab}
        tabs={[
          {
            id: 'buttons',
            label: 'Buttons',
            content: (
              <div className="flex flex-wrap gap-3">
                <Button>Primary</Button>
                <Button variant="ghost">Ghost</Button>
                <Button variant="danger">Danger</Button>
                <Button busy>Saving</Button>
                <Button onClick={() => notify('Your changes were saved.', 'success')}>Show toast</Button>
                <Button variant="ghost" onClick={() => setDialogOpen(true)}>
                  Open dialog
                </Button>
              </div>
            ),
          },
          {
            id: 'forms',
            label: 'Forms',
            content: (
              <form className="grid max-w-md gap-4" onSubmit={(event) => event.preventDefault()}>
                <TextField label="E-mail" type="email" name="email" hint="We never share it." autoComplete="email" />
                <TextField label="Password" type="password" name="password" error="The password must be at least 8 characters." />
                <SelectField
                  label="Country"
                  name="country"
                  placeholder="Choose your country"
                  options={[
                    { value: 'MT', label: 'Malta' },
                    { value: 'DE', label: 'Germany' },
                  ]}
                />
                <Checkbox name="agreement" label="I am over 18 and accept the terms and conditions." />
              </form>
            ),
          },
          {
            id: 'data',
            label: 'Data',
            content: (
              <div className="space-y-4">
                <Table
                  caption="Recent transactions"
                  rowKey={(row) => row.id}
                  rows={sampleRows}
                  columns={[
                    { key: 'type', header: 'Type', cell: (row) => row.type },
                    { key: 'status', header: 'Status', cell: (row) => row.status },
                    { key: 'amount', header: 'Amount', cell: (row) => row.amount, align: 'right' },
                  ]}
                />
                <Pagination page={3} pages={9} hrefFor={(page) => `?page=${page}`} />
              </div>
            ),
          },
          {
            id: 'states',
            label: 'States',
            content: (
              <div className="grid gap-4 md:grid-cols-2">
                <Card title="Loading">
                  <div className="space-y-2">
                    <Skeleton className="h-5 w-2/3" />
                    <Skeleton />
                    <Skeleton className="h-4 w-1/2" />
                  </div>
                </Card>
                <EmptyState title="No transactions yet" text="Your deposits, bets and wins will appear here." action={<Button>Make a deposit</Button>} />
              </div>
            ),
          },
        ]}
      />
      {dialogOpen ? (
        <Dialog title="Example dialog" onClose={() => setDialogOpen(false)}>
          <p className="text-mist-300">Escape or the close button closes me.</p>
        </Dialog>
      ) : null}
    </section>
  );
}
