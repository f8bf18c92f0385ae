import type { FrameClient, FrameUserData } from '../../../packages/frame-client/index.ts';
export type MessageKind = 'route' | 'edit-start' | 'edit-end' | 'logout' | 'user-data-request';

export const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/** What the controls use of a client: as old as the frame client 1.0.0 (legacy-page.ts). */
type MessagingClient = Pick<FrameClient, 'syncRoute' | 'startEdit' | 'endEdit' | 'logout' | 'requestUserData'>;

/** Sends one frame-protocol message through the real client; resolves with a line for the status area. */
export async function send(client: MessagingClient, kind: MessageKind, onUser: (user: FrameUserData) => void): Promise<string> {
  switch (kind) {
    case 'route': {
      const path = byId<HTMLInputElement>('route-path').value.trim();
      client.syncRoute(path);
      return `Sent route ${path}`;
    }
    case 'edit-start':
      client.startEdit();
      return 'Sent start editing';
    case 'edit-end':
      client.endEdit();
      return 'Sent end editing';
    case 'logout':
      client.logout();
      return 'Sent log out';
    case 'user-data-request':
      onUser(await client.requestUserData());
      return 'Received user data';
  }
}

/** Wires the route form and the data-send buttons; `run` reports what happened in the status area. */
export function wireControls(run: (kind: MessageKind | 'all') => Promise<string>) {
  const status = byId('status');
  const act = (kind: MessageKind | 'all') => {
    status.textContent = '…';
    run(kind).then(
      (line) => (status.textContent = line),
      (error: unknown) => (status.textContent = (error as Error).message),
    );
  };
  byId('route-form').addEventListener('submit', (event) => {
    event.preventDefault();
    act('route');
  });
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-send]')) {
    button.addEventListener('click', () => act(button.dataset.send as MessageKind | 'all'));
  }
}
