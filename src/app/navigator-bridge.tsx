import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setNavigator } from '../providers/navigation';

/** Hands the router's navigate to the HTTP layer (spec §8: a 403 goes to the sign-in page). */
export function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to, options) => navigate(to, options)), [navigate]);
  return null;
}
