import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ErrorScreen } from '../components/error-screen.tsx';

export function ServerErrorPage() {
  return (
    <ErrorScreen
      code="500"
      pageTitle="Something Went Wrong"
      title="Our servers are having a fashion emergency"
      description="Something went wrong on our side. Please try again; if it keeps happening, let us know."
    >
      <button type="button" onClick={() => window.location.reload()} className={buttonClass('primary')}>
        Try Again
      </button>
      <Link to="/" className={buttonClass('secondary')}>
        Go Home
      </Link>
      <Link to="/contact" className={buttonClass('secondary')}>
        Contact Us
      </Link>
    </ErrorScreen>
  );
}
