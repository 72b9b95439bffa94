import { useStore } from '../shell/use-store.ts';
import { $drawerOpen } from '../cart/drawer.ts';
import { ToastList } from './ToastList.tsx';

/** The page's toast region; while the cart drawer is open, the drawer shows the toasts instead. */
export default function Toaster() {
  const drawerOpen = useStore($drawerOpen);
  return <ToastList visible={!drawerOpen} />;
}
