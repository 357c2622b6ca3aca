import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { AdminDashboard } from '../features/admin/AdminDashboard';
import { LoginPage } from '../features/auth/LoginPage';
import { SessionProvider } from '../features/auth/session-context';
import { ConfirmProvider } from '../components/ConfirmDialog';
import { UserHome } from '../features/home/UserHome';
import { OptionChainPage } from '../features/option-chain/OptionChainPage';
import { StrategyBuilderPage } from '../features/strategy-builder/StrategyBuilderPage';
import { StrategyLabPage } from '../features/strategy-lab/StrategyLabPage';
import { RedirectIfSignedIn, RequireRole } from './guards';
import { RealtimeBridge } from './RealtimeBridge';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5_000 } },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ConfirmProvider>
          <RealtimeBridge />
          <BrowserRouter>
            <Routes>
              <Route
                path="/login"
                element={
                  <RedirectIfSignedIn>
                    <LoginPage />
                  </RedirectIfSignedIn>
                }
              />
              <Route
                path="/admin"
                element={
                  <RequireRole role="admin">
                    <AdminDashboard />
                  </RequireRole>
                }
              />
              <Route
                path="/home"
                element={
                  <RequireRole role="user">
                    <UserHome />
                  </RequireRole>
                }
              />
              <Route
                path="/strategy-lab"
                element={
                  <RequireRole role="user">
                    <StrategyLabPage />
                  </RequireRole>
                }
              />
              <Route
                path="/option-chain"
                element={
                  <RequireRole role="user">
                    <OptionChainPage />
                  </RequireRole>
                }
              />
              <Route
                path="/strategy-builder"
                element={
                  <RequireRole role="user">
                    <StrategyBuilderPage />
                  </RequireRole>
                }
              />
              <Route path="*" element={<Navigate to="/login" replace />} />
            </Routes>
          </BrowserRouter>
        </ConfirmProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
