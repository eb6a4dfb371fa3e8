import { OFFICIAL_GROUP_IDS } from '../../../contract/schemas/groups.ts';
import type { NotificationData } from '../../../contract/schemas/notification-data.ts';
import { groupEndingText } from '../../notify/texts.ts';
import { endingKey } from '../groups/subscription-ending.ts';
import { hashPassword } from '../../auth/password.ts';
import { createUser } from '../../auth/users-repo.ts';
import type { Db } from '../../db/create-db.ts';
import { LIST, nextListPlace } from '../../db/list-place.ts';
import type { Trx } from '../../idempotency/idempotent.ts';
import { newId } from '../../lib/ids.ts';
import { DEMO_USERS } from '../../seed/demo-users.ts';
import { pairKey } from '../conversations/repo.ts';
import { ensureRooms } from '../rooms/repo.ts';
import {
  DAY,
  HOUR,
  OFFICIAL_GROUPS,
  PROFILES,
  SEED_CONVERSATIONS,
  SEED_FOLLOWS,
  SEED_GROUPS,
  SEED_REWARDS,
  SOCIAL_USERS,
  type SeedGroup,
} from './data.ts';
import { transaction } from '../../db/transaction.ts';

const DEMO_PASSWORD = DEMO_USERS.find((u) => u.nomeUsuario === 'demo')?.password ?? 'demo12345';

async function usersByName(db: Db | Trx): Promise<Map<string, string>> {
  const rows = await db.selectFrom('usuarios').select(['id', 'nome_usuario']).execute();
  return new Map(rows.map((r) => [r.nome_usuario, r.id]));
}

function idOf(ids: Map<string, string>, name: string): string {
  const id = ids.get(name);
  if (!id) throw new Error(`seed: unknown user ${name}`);
  return id;
}

async function seedGroup(trx: Trx, ids: Map<string, string>, group: SeedGroup, now: number): Promise<void> {
  const id = group.id ?? newId();
  const created = new Date(now - 14 * DAY).toISOString();
  const last = group.mensagens.at(-1);
  await trx
    .insertInto('grupos')
    .values({
      id,
      nome: group.nome,
      imagem: null,
      privado: group.privado ? 1 : 0,
      allowed_senders: group.allowedSenders,
      planos: JSON.stringify(Object.entries(group.planos).map(([extensao, valor]) => ({ extensao, valor }))),
      criador_id: idOf(ids, group.criador),
      last_sender_id: last ? idOf(ids, last.from) : null,
      last_message: last?.text ?? null,
      last_message_at: last ? new Date(now - last.hoursAgo * HOUR).toISOString() : null,
      created_at: created,
      updated_at: created,
    })
    .execute();
  for (const member of group.membros) {
    await trx
      .insertInto('grupo_membros')
      .values({
        grupo_id: id,
        usuario_id: idOf(ids, member.user),
        role: member.role,
        expira_em: member.days === null ? null : new Date(now + member.days * DAY).toISOString(),
        created_at: created,
      })
      .execute();
  }
  for (const message of oldestFirst(group.mensagens, (m) => m.hoursAgo)) {
    await insertSeedMessage(trx, 'grupo', id, idOf(ids, message.from), message.text, now - message.hoursAgo * HOUR);
  }
}

/** Seed rows go into each list oldest first, so their places agree with their (past) times. */
const oldestFirst = <T>(rows: readonly T[], ageOf: (row: T) => number): T[] => [...rows].sort((a, b) => ageOf(b) - ageOf(a));

async function insertSeedMessage(trx: Trx, chatTipo: 'conversa' | 'grupo' | 'sala', chatId: string, senderId: string, text: string, at: number): Promise<void> {
  const { seq, createdAt } = await nextListPlace(trx, LIST.chat(chatTipo, chatId), new Date(at));
  await trx
    .insertInto('mensagens')
    .values({
      id: newId(),
      chat_tipo: chatTipo,
      chat_id: chatId,
      sender_id: senderId,
      mensagem: text,
      recurso_tipo: null,
      recurso_id: null,
      created_at: createdAt,
      seq,
    })
    .execute();
}

async function bump(trx: Trx, userId: string, nome: string, count: number): Promise<void> {
  if (count <= 0) return;
  await trx.insertInto('contadores').values({ usuario_id: userId, nome, count }).execute();
}

async function seedContent(trx: Trx, ids: Map<string, string>, now: number): Promise<void> {
  for (const [name, profile] of Object.entries(PROFILES)) {
    const userId = ids.get(name);
    if (!userId) continue;
    await trx
      .insertInto('perfis')
      .values({
        usuario_id: userId,
        banca_amount: profile.banca,
        banca_trend: profile.trend,
        socials: JSON.stringify(profile.socials ?? {}),
        nif_verificado: profile.verificado ? 1 : 0,
        telefone_verificado: profile.verificado ? 1 : 0,
        foto_versao: 0,
      })
      .execute();
  }

  for (const [index, group] of OFFICIAL_GROUPS.entries()) await seedGroup(trx, ids, { ...group, id: OFFICIAL_GROUP_IDS[index] }, now);
  for (const group of SEED_GROUPS) await seedGroup(trx, ids, group, now);

  const unreadMessages = new Map<string, number>();
  for (const conversation of SEED_CONVERSATIONS) {
    const a = idOf(ids, conversation.a);
    const b = idOf(ids, conversation.b);
    const id = newId();
    const last = conversation.mensagens.at(-1);
    const first = conversation.mensagens[0];
    await trx
      .insertInto('conversas')
      .values({
        id,
        primeiro_usuario_id: a,
        segundo_usuario_id: b,
        par: pairKey(a, b),
        primeiro_nao_lidas: conversation.unreadForA,
        segundo_nao_lidas: conversation.unreadForB,
        last_sender_id: last ? idOf(ids, last.from) : null,
        last_message: last?.text ?? null,
        last_message_at: last ? new Date(now - last.hoursAgo * HOUR).toISOString() : null,
        created_at: new Date(now - (first?.hoursAgo ?? 0) * HOUR).toISOString(),
      })
      .execute();
    for (const message of oldestFirst(conversation.mensagens, (m) => m.hoursAgo)) {
      await insertSeedMessage(trx, 'conversa', id, idOf(ids, message.from), message.text, now - message.hoursAgo * HOUR);
    }
    unreadMessages.set(a, (unreadMessages.get(a) ?? 0) + conversation.unreadForA);
    unreadMessages.set(b, (unreadMessages.get(b) ?? 0) + conversation.unreadForB);
  }
  for (const [userId, count] of unreadMessages) await bump(trx, userId, 'newMessage', count);

  const follows = SEED_FOLLOWS.map(([from, to], index) => ({ from, to, daysAgo: index + 1 }));
  for (const { from, to, daysAgo } of oldestFirst(follows, (f) => f.daysAgo)) {
    const { seq, createdAt } = await nextListPlace(trx, LIST.follows, new Date(now - daysAgo * DAY));
    await trx
      .insertInto('seguidores')
      .values({ seguidor_id: idOf(ids, from), seguido_id: idOf(ids, to), created_at: createdAt, seq })
      .execute();
  }

  // The follows above as notifications of the followed demo user, plus a group subscription about to expire.
  const demo = idOf(ids, 'demo');
  // Each with its facts, so the app words it in its reader's language (contract/schemas/notification-data.ts). The
  // group notice is the one the ending job gives for demo's Kiala VIP plan (data.ts: 2 days left), with its key, so
  // the job does not tell it again.
  const kialaVip = await trx
    .selectFrom('grupo_membros')
    .innerJoin('grupos', 'grupos.id', 'grupo_membros.grupo_id')
    .select(['grupos.id', 'grupo_membros.expira_em'])
    .where('grupos.nome', '=', 'Kiala VIP')
    .where('grupo_membros.usuario_id', '=', demo)
    .executeTakeFirstOrThrow();
  const kialaVipEnd = kialaVip.expira_em ?? new Date(now + 2 * DAY).toISOString();
  const notes: {
    tipo: string;
    mensagem: string;
    sender: string;
    hoursAgo: number;
    lida: number;
    dados: NotificationData | null;
    chave?: string;
  }[] = [
    { tipo: 'novoSeguidor', mensagem: 'Joana Silva começou a seguir-te', sender: 'joana_silva', hoursAgo: 30, lida: 1, dados: null },
    { tipo: 'novoSeguidor', mensagem: 'Paulo Manuel começou a seguir-te', sender: 'paulo_manuel', hoursAgo: 5, lida: 0, dados: null },
    {
      tipo: 'grupoSubscricao',
      mensagem: groupEndingText('Kiala VIP', 2),
      sender: 'kiala_tips',
      hoursAgo: 1,
      lida: 0,
      dados: { grupo: 'Kiala VIP', dias: 2, ate: kialaVipEnd },
      chave: endingKey(kialaVip.id, kialaVipEnd),
    },
  ];
  for (const note of oldestFirst(notes, (n) => n.hoursAgo)) {
    const { seq, createdAt } = await nextListPlace(trx, LIST.notifications(demo), new Date(now - note.hoursAgo * HOUR));
    await trx
      .insertInto('notificacoes')
      .values({
        id: newId(),
        usuario_id: demo,
        tipo: note.tipo,
        mensagem: note.mensagem,
        sender_id: idOf(ids, note.sender),
        pagamento_id: null,
        recurso_tipo: null,
        recurso_id: null,
        lida: note.lida,
        created_at: createdAt,
        seq,
        dados: note.dados ? JSON.stringify(note.dados) : null,
        chave: note.chave ?? null,
      })
      .execute();
  }
  await bump(trx, demo, 'newNotification', notes.filter((n) => n.lida === 0).length);
  await bump(trx, demo, 'newGroupMessage', 3);

  for (const reward of oldestFirst(SEED_REWARDS, (r) => r.daysAgo)) {
    const { seq, createdAt: at } = await nextListPlace(trx, LIST.rewards, new Date(now - reward.daysAgo * DAY));
    await trx
      .insertInto('recompensas')
      .values({
        id: newId(),
        pagamento_id: newId(),
        remetente_id: idOf(ids, reward.from),
        destinatario_id: idOf(ids, reward.to),
        valor: reward.valor,
        estado: reward.estado,
        mensagem: reward.mensagem,
        ficha_id: null,
        created_at: at,
        seq,
        updated_at: at,
      })
      .execute();
  }
}

/**
 * Seeds the social demo (groups incl. the two official ones, conversations, follows, notifications, rewards and the
 * extra demo people). Called by seedDemoUsers right after the demo users, so only on a database without users.
 */
export async function seedSocial(db: Db, now = new Date()): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  for (const user of SOCIAL_USERS) {
    await createUser(
      db,
      { ...user, fotografia: null, passwordHash: hash, role: 'usuario', conta: null, referrerId: null },
      { estado: 'habilitada', tipo: 'anual', days: 365 },
      now,
    );
  }
  await transaction(db, async (trx) => seedContent(trx, await usersByName(trx), now.getTime()));
  await seedRoomMessages(db, now);
}

const ROOM_CHATTER = [
  { from: 'joana_silva', text: 'Que jogo! Alguém apostou no empate ao intervalo?', minutesAgo: 40 },
  { from: 'paulo_manuel', text: 'Eu fui no mais de 2.5, falta um golo.', minutesAgo: 25 },
  { from: 'kiala_tips', text: 'A odd do golo da equipa da casa está a subir.', minutesAgo: 10 },
];

/**
 * Rooms for live and upcoming matches with a little chatter in the first few. Needs the match feed: seedSocial runs
 * it, but on a fresh database the fixtures usually arrive after the seed, so this is also exported to be called
 * once fixtures exist (it does nothing when any room already has messages).
 */
export async function seedRoomMessages(db: Db, now = new Date()): Promise<void> {
  await ensureRooms(db, now);
  const chatter = await db.selectFrom('mensagens').select('id').where('chat_tipo', '=', 'sala').limit(1).executeTakeFirst();
  if (chatter) return;
  const rooms = await db
    .selectFrom('salas')
    .innerJoin('eventos', 'eventos.id', 'salas.evento_id')
    .select('salas.id')
    .orderBy('eventos.date')
    .limit(3)
    .execute();
  if (rooms.length === 0) return;
  await transaction(db, async (trx) => {
    const ids = await usersByName(trx);
    for (const room of rooms) {
      for (const line of oldestFirst(ROOM_CHATTER, (l) => l.minutesAgo)) {
        const senderId = ids.get(line.from);
        if (!senderId) continue;
        await insertSeedMessage(trx, 'sala', room.id, senderId, line.text, now.getTime() - line.minutesAgo * 60_000);
      }
      const last = ROOM_CHATTER.at(-1);
      const lastSender = last ? ids.get(last.from) : undefined;
      if (last && lastSender) {
        await trx
          .updateTable('salas')
          .set({ last_sender_id: lastSender, last_message: last.text, last_message_at: new Date(now.getTime() - last.minutesAgo * 60_000).toISOString() })
          .where('id', '=', room.id)
          .execute();
      }
    }
  });
}
