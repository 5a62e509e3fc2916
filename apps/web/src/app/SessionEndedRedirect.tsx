import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { apiClient } from '../api/client';
import { useNotify } from '../components/notifications/NotificationProvider';

/** When the API client ends the session (failed refresh, 403), say why and go to /login (spec 4 and 8). */
export function SessionEndedRedirect() {
  const navigate = useNavigate();
  const notify = useNotify();
  useEffect(() => {
    apiClient.setSessionEndedHandler((message) => {
      if (message) notify({ message, severity: 'error' });
      navigate('/login', { replace: true });
    });
    return () => apiClient.setSessionEndedHandler(undefined);
  }, [navigate, notify]);
  return null;
}
