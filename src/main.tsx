import { createRoot } from 'react-dom/client';
import { boot } from './app/boot.tsx';
import './theme/index.css';

// Nothing above may throw before the root exists: boot() renders every failure as a page.
void boot(createRoot(document.getElementById('root') as HTMLElement));
