import { setupIonicReact } from '@ionic/react';

setupIonicReact({ mode: 'md' });
