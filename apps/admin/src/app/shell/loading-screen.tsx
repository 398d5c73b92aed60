import { LOADING } from '@silk/schema/messages';
import { Spinner } from '@silk/ui/spinner';

export function LoadingScreen() {
  return (
    <main className="loading-screen">
      <p role="status">
        <Spinner /> {LOADING}
      </p>
    </main>
  );
}
