import { Link, useLocation, useNavigate } from 'react-router';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ErrorScreen } from '../components/error-screen.tsx';

export function NotFoundPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // A shopper who landed here from outside has no earlier page of the shop to go back to.
  const goBack = () => void (location.key === 'default' ? navigate('/') : navigate(-1));

  return (
    <ErrorScreen
      code="404"
      pageTitle="Page Not Found"
      title="This look isn't in our collection"
      description="The page you're after may have sold out, moved, or never existed. Let's get you back to something good."
    >
      <Link to="/" className={buttonClass('primary')}>
        Go Home
      </Link>
      <Link to="/shop" className={buttonClass('secondary')}>
        Browse the Shop
      </Link>
      <button type="button" onClick={goBack} className={buttonClass('secondary')}>
        Go Back
      </button>
      <Link to="/contact" className={buttonClass('secondary')}>
        Contact Us
      </Link>
    </ErrorScreen>
  );
}
