import { PostgresAdapter, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

/** The column type for bytes: PostgreSQL's bytea, SQLite's blob. */
const blobType = (db: Kysely<unknown>): string =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';

/**
 * The schema, one migration per version, applied in name order by kysely's Migrator (which records
 * them in `kysely_migration` and takes a lock, so two instances starting at once apply each once).
 * Never edit a migration that has shipped: add the next one.
 */
const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-requests-and-outbox': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('requests')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('new'))
        .addColumn('status_at', 'varchar(30)')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('place', 'text', (c) => c.notNull())
        .addColumn('products', 'text', (c) => c.notNull())
        .addColumn('times', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('requests_created_at').on('requests').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('requests_status').on('requests').column('status').execute();
      await db.schema
        .createTable('outbox')
        .addColumn('request_id', 'varchar(36)', (c) => c.primaryKey().references('requests.id').onDelete('cascade'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('sent_at', 'varchar(30)')
        .execute();
      await db.schema.createIndex('outbox_due').on('outbox').columns(['sent_at', 'next_attempt_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('outbox').execute();
      await db.schema.dropTable('requests').execute();
    },
  },
  '0002-shared-state': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('slot_map')
        .addColumn('id', 'varchar(128)', (c) => c.primaryKey())
        .addColumn('image_url', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('slot_image_files')
        .addColumn('name', 'varchar(80)', (c) => c.primaryKey())
        .addColumn('mime_type', 'varchar(40)', (c) => c.notNull())
        // bytea in PostgreSQL, blob in SQLite.
        .addColumn('bytes', sql.raw(blobType(db)), (c) => c.notNull())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('folder_marks')
        .addColumn('path', 'varchar(1024)', (c) => c.primaryKey())
        .addColumn('marked_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('rate_counts')
        .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('reset_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_counts_reset_at').on('rate_counts').column('reset_at').execute();
      await db.schema
        .createTable('secrets')
        .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['secrets', 'rate_counts', 'folder_marks', 'slot_image_files', 'slot_map']) {
        await db.schema.dropTable(table).execute();
      }
    },
  },
  '0003-manifest-versions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('manifest_versions')
        .addColumn('number', 'integer', (c) => c.primaryKey())
        .addColumn('files', 'text', (c) => c.notNull())
        .addColumn('hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('changes', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('servers')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('started_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('seen_at', 'varchar(30)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('servers').execute();
      await db.schema.dropTable('manifest_versions').execute();
    },
  },
  '0004-manifest-drafts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('manifest_drafts')
        .addColumn('token', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('files', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('manifest_drafts').execute();
    },
  },
  '0005-request-language': {
    // Requests made before the site had languages were all in its default language, English.
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('requests')
        .addColumn('language', 'varchar(16)', (c) => c.notNull().defaultTo('en'))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('requests').dropColumn('language').execute();
    },
  },
  '0006-request-tokens': {
    // One row per form view and set of fields sent: the same view sending the same fields again
    // (a reload, a double click, a retry) finds its request here instead of storing another.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('request_tokens')
        .addColumn('token', 'varchar(64)', (c) => c.notNull())
        .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
        .addColumn('request_id', 'varchar(36)', (c) => c.notNull().references('requests.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('request_tokens_pk', ['token', 'fingerprint'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('request_tokens').execute();
    },
  },
  '0007-draft-authors': {
    // Drafts are bounded per author: who kept each (earlier drafts count as no one's).
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('manifest_drafts')
        .addColumn('author', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('manifest_drafts').dropColumn('author').execute();
    },
  },
  '0008-accounts': {
    // Staff are people: accounts with a role, sessions kept here (hashed) so that every server ends
    // them together, and the audit trail (append-only: nothing updates or deletes its rows).
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'varchar(16)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('active'))
        .addColumn('password_hash', 'text')
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('account_id', 'varchar(36)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('seen_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_account').on('sessions').column('account_id').execute();
      await db.schema
        .createTable('audit')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('at', 'varchar(30)', (c) => c.notNull())
        .addColumn('account_id', 'varchar(36)')
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('action', 'varchar(64)', (c) => c.notNull())
        .addColumn('object', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_at').on('audit').columns(['at', 'id']).execute();
      // Versions published before accounts carry a name typed in the browser; later ones an account's.
      await db.schema
        .alterTable('manifest_versions')
        .addColumn('author_typed', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('manifest_versions').dropColumn('author_typed').execute();
      for (const table of ['audit', 'sessions', 'accounts']) await db.schema.dropTable(table).execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve({ ...MIGRATIONS }),
};
