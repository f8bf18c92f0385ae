import { IonRouterOutlet } from '@ionic/react';
import { Navigate, Route } from 'react-router-dom';
import { ErrorPage } from '../pages/ErrorPage.tsx';
import { LanguageMenu } from '../shell/LanguageMenu.tsx';
import { Ribbon } from '../shell/Ribbon.tsx';
import { ShellLayout } from '../shell/ShellLayout.tsx';
import { UserMenu } from '../shell/UserMenu.tsx';

/** The shell for a signed-in user. */
export function SignedInApp() {
  return (
    <>
      <ShellLayout
        header={
          <>
            <LanguageMenu />
            <UserMenu />
          </>
        }
      >
        <IonRouterOutlet animated={false}>
          <Route path="/403" element={<ErrorPage code={403} />} />
          <Route path="/404" element={<ErrorPage code={404} />} />
          <Route path="/500" element={<ErrorPage code={500} />} />
          <Route path="/menu-tracking" element={<Navigate to="/menu-directory" replace />} />
          <Route path="*" element={<Navigate to="/404" replace />} />
        </IonRouterOutlet>
      </ShellLayout>
      <Ribbon offline={false} />
    </>
  );
}
