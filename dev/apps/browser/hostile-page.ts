import { createFrameClient, PROTOCOL_VERSION, readFrameSettings, type FrameSettings } from '../../../packages/frame-client/index.ts';
import { byId, send, wireControls, type MessageKind } from './controls.ts';

/**
 * A page on a host that is not the portal's: it sends every frame-protocol message to its parent
 * with target '*', and lists whatever the parent answers (a user-data answer here is a leak).
 */

const ALL: MessageKind[] = ['route', 'edit-start', 'edit-end', 'logout', 'user-data-request'];
const query = new URLSearchParams(location.search);

// The real client, told to post to any origin: that is exactly what a hostile page would do. It says
// hello as it starts (the handshake), which the shell must not answer either.
const client = createFrameClient(parent, { ...readFrameSettings(), parentOrigin: '*', protocolVersion: PROTOCOL_VERSION } as FrameSettings);
byId<HTMLInputElement>('route-path').value = query.get('path') ?? '/customer-management';

addEventListener('message', (event) => {
  const item = document.createElement('li');
  const user = (event.data as { user?: { name?: string } } | null)?.user;
  item.textContent = user ? `Received user data for ${user.name}` : `Received ${JSON.stringify(event.data)}`;
  byId('received').append(item);
});

// Answers never reach this page's own client (it waits for origin '*'); the listener above records them.
const fire = (kind: MessageKind) => send(client, kind, () => undefined).catch(() => 'No answer');
const run = async (kind: MessageKind | 'all') => {
  if (kind !== 'all') return fire(kind);
  for (const each of ALL) void fire(each);
  return 'Sent every message';
};
wireControls(run);
if (query.get('send') === 'all') byId('status').textContent = await run('all');
