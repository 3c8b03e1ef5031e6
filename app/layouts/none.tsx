import { Outlet } from 'react-router';

/** No frame at all: the page draws the whole screen (maintenance, game play, test route). */
export default function NoLayout() {
  return (
    <div data-layout="none" className="min-h-dvh">
      <Outlet />
    </div>
  );
}
