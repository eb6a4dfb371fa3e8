import type { Context } from 'hono';
import { MSG } from '../../../contract/messages.ts';
import {
  MarkNotificationsReadRequestSchema,
  MarkNotificationsReadResponseSchema,
  NotificationListResponseSchema,
  type Notification,
} from '../../../contract/schemas/notifications.ts';
import { NotificationDataSchema, type NotificationData } from '../../../contract/schemas/notification-data.ts';
import type { AppEnv } from '../../hono-env.ts';
import { idempotent, ok } from '../../idempotency/idempotent.ts';
import { answer } from '../../lib/answer.ts';
import { jsonError } from '../../lib/http.ts';
import { readJson, readMessagePage } from '../shared/request.ts';
import { loadUsers, toPublic, toSender } from '../shared/users.ts';

/** The stored facts of a notification; anything unreadable is left out (the text still says it all). */
function readData(value: string | null | undefined): NotificationData | null {
  if (!value) return null;
  try {
    const parsed = NotificationDataSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** GET /api/client/common/notificacoes?before&size&pageNumber → notificacoes (newest first), nextBefore. */
export async function listNotifications(c: Context<AppEnv>): Promise<Response> {
  const page = readMessagePage(c);
  if (!page.ok) return page.response;
  const db = c.get('db');
  const me = c.get('user').id;
  let query = db
    .selectFrom('notificacoes')
    .selectAll()
    .where('usuario_id', '=', me)
    .orderBy('seq', 'desc')
    .limit(page.data.size + 1)
    .offset(page.data.offset);
  if (page.data.before) {
    const cursor = await db
      .selectFrom('notificacoes')
      .select('seq')
      .where('id', '=', page.data.before)
      .where('usuario_id', '=', me)
      .executeTakeFirst();
    if (!cursor) return jsonError(c, 400, MSG.invalidRequest);
    query = query.where('seq', '<', cursor.seq);
  }
  const rows = await query.execute();
  const more = rows.length > page.data.size;
  const pageRows = rows.slice(0, page.data.size);
  const senders = await loadUsers(
    db,
    pageRows.flatMap((r) => (r.sender_id ? [r.sender_id] : [])),
  );
  const notificacoes: Notification[] = pageRows.map((row) => {
    const sender = row.sender_id ? senders.get(row.sender_id) : undefined;
    return {
      id: row.id,
      tipo: row.tipo,
      mensagem: row.mensagem,
      pagamentoId: row.pagamento_id,
      sender: sender ? toSender(toPublic(sender)) : null,
      recurso: row.recurso_tipo && row.recurso_id ? { tipo: row.recurso_tipo, id: row.recurso_id } : null,
      lida: row.lida === 1,
      createdAt: row.created_at,
      dados: readData(row.dados),
    };
  });
  return answer(c, NotificationListResponseSchema, { notificacoes, nextBefore: more ? (pageRows.at(-1)?.id ?? null) : null });
}

/** POST /api/client/common/notificacoes/marcarLidas {ids?}: the given notifications, or all, become read. */
export async function markNotificationsRead(c: Context<AppEnv>): Promise<Response> {
  const body = await readJson(c, MarkNotificationsReadRequestSchema);
  if (!body.ok) return body.response;
  return idempotent(c, async (trx) => {
    let update = trx.updateTable('notificacoes').set({ lida: 1 }).where('usuario_id', '=', c.get('user').id).where('lida', '=', 0);
    if (body.data.ids) {
      if (body.data.ids.length === 0) return ok(MarkNotificationsReadResponseSchema, { actualizadas: 0 });
      update = update.where('id', 'in', body.data.ids);
    }
    const result = await update.executeTakeFirst();
    return ok(MarkNotificationsReadResponseSchema, { actualizadas: Number(result.numUpdatedRows) });
  });
}
