import { useLocation } from 'react-router';
import { DocumentTitle } from '../../components/DocumentTitle';
import { CheckEmailNotice } from '../../features/common-auth/components/CheckEmailNotice';

export interface CheckEmailState {
  email?: string;
}

export function Component() {
  const state = useLocation().state as CheckEmailState | null;
  return (
    <>
      <DocumentTitle title="Check your email" />
      <CheckEmailNotice email={state?.email} />
    </>
  );
}
