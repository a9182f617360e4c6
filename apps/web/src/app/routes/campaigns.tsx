import { useParams } from 'react-router';
import { DocumentTitle } from '../../components/DocumentTitle';
import { CampaignBrowser } from '../../features/campaign-browse/components/CampaignBrowser';
import { CampaignReader } from '../../features/campaign-browse/components/CampaignReader';

/** `/campaigns` and `/campaigns/:id`: one module for both, so the route table stays small (ADR 009). */
export function Component() {
  const { id } = useParams();
  if (id) return <CampaignReader key={id} id={id} />;
  return (
    <>
      <DocumentTitle title="Campaigns" />
      <CampaignBrowser />
    </>
  );
}
