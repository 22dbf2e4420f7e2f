import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from './meQueryOptions';

export function useMe() {
  return useQuery(meQueryOptions);
}
