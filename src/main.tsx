import { createRoot } from 'react-dom/client';
import { boot } from './app/boot.tsx';
import { markAppStarted } from './ui/start-failure.ts';
import './theme/index.css';

// The boot step shows the start-failure page if the page loads without this having run.
markAppStarted();

// Nothing above may throw before the root exists: boot() renders every failure as a page.
void boot(createRoot(document.getElementById('root') as HTMLElement));
