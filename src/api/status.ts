import { z } from 'zod';
import { call } from './http.ts';

const StatusSchema = z.object({ status: z.string(), message: z.string(), manutencao: z.boolean() });

export function fetchServiceStatus() {
  return call('/api/client/public/estado', { schema: StatusSchema });
}
