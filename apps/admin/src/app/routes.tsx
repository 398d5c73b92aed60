import { Navigate, Route, Routes } from 'react-router';
import { AdminApp } from './admin-app';
import { paths } from './paths';

export function AppRoutes() {
  return (
    <Routes>
      <Route path={`${paths.admin}/*`} element={<AdminApp />} />
      <Route path="*" element={<Navigate to={paths.admin} replace />} />
    </Routes>
  );
}
