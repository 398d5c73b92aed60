import { Navigate, Route, Routes } from 'react-router';
import { paths } from '@/config/paths';
import { AdminApp } from './admin-app';

export function AppRoutes() {
  return (
    <Routes>
      <Route path={`${paths.admin}/*`} element={<AdminApp />} />
      <Route path="*" element={<Navigate to={paths.admin} replace />} />
    </Routes>
  );
}
