import { useQuery } from '@tanstack/react-query';

const loadCountryNames = () => import('./country-names');

/**
 * The country list's names by code (SPEC §3), once their module has loaded; until then undefined. If it
 * cannot load, codes stand for names.
 */
export function useCountryNames(): ((code: string) => string) | undefined {
  const names = useQuery({
    queryKey: ['country-names'],
    queryFn: async () => {
      const { countryName } = await loadCountryNames();
      return { nameOf: (code: string) => countryName(code) ?? code };
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });
  if (names.isError) return (code) => code;
  return names.data?.nameOf;
}
