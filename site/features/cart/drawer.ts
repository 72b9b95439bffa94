import { atom } from 'nanostores';

/** Whether the cart drawer is open; the cart button opens it, the drawer closes it. */
export const $drawerOpen = atom(false);
