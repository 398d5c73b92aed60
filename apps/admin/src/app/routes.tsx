import { ADMIN_PAGE_TITLE, MARKETING_TITLE } from '@silk/schema/constants';
import { useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { paths } from './paths';

function AdminPage() {
  useEffect(() => {
    document.title = ADMIN_PAGE_TITLE;
    return () => {
      document.title = MARKETING_TITLE;
    };
  }, []);
  return (
    <main>
      <h1>Admin Sign In</h1>
    </main>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path={paths.admin} element={<AdminPage />} />
      <Route path="*" element={<Navigate to={paths.admin} replace />} />
    </Routes>
  );
}
