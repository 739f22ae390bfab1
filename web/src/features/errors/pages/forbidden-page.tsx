import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ErrorScreen } from '../components/error-screen.tsx';

export function ForbiddenPage() {
  return (
    <ErrorScreen
      code="403"
      pageTitle="Access Denied"
      title="This area is for VIP members only"
      description="You don't have permission to view this page, or you need to sign in first."
    >
      <Link to="/" className={buttonClass('primary')}>
        Go Home
      </Link>
      <Link to="/signin" className={buttonClass('secondary')}>
        Sign In
      </Link>
      <Link to="/contact" className={buttonClass('secondary')}>
        Contact Us
      </Link>
    </ErrorScreen>
  );
}
