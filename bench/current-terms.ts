/** The id of the Terms and Conditions in force, which a sign-up must accept. */
export async function currentTermsId(baseUrl: string): Promise<string> {
  const legal = (await (await fetch(`${baseUrl}/server-api/legal-documents`)).json()) as {
    documents: { id: string; type: string }[];
  };
  const terms = legal.documents.find((document) => document.type === 'TERMS');
  if (!terms) throw new Error('no Terms and Conditions are published');
  return terms.id;
}
