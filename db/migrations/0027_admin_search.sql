-- Admin searches on a trigram full-text index of each growing list's searched columns (external content:
-- the words live only in the table itself). Triggers keep each index in step with its table in the same
-- transaction; secure-delete removes an erased person's words from the index itself, not only from view.
CREATE VIRTUAL TABLE users_search USING fts5(email, first_name, last_name, content='users', tokenize='trigram');--> statement-breakpoint
INSERT INTO users_search(users_search, rank) VALUES ('secure-delete', 1);--> statement-breakpoint
INSERT INTO users_search(users_search) VALUES ('rebuild');--> statement-breakpoint
CREATE TRIGGER users_search_insert AFTER INSERT ON users
BEGIN
  INSERT INTO users_search(rowid, email, first_name, last_name) VALUES (new.rowid, new.email, new.first_name, new.last_name);
END;--> statement-breakpoint
CREATE TRIGGER users_search_delete AFTER DELETE ON users
BEGIN
  INSERT INTO users_search(users_search, rowid, email, first_name, last_name) VALUES ('delete', old.rowid, old.email, old.first_name, old.last_name);
END;--> statement-breakpoint
CREATE TRIGGER users_search_update AFTER UPDATE OF email, first_name, last_name ON users
BEGIN
  INSERT INTO users_search(users_search, rowid, email, first_name, last_name) VALUES ('delete', old.rowid, old.email, old.first_name, old.last_name);
  INSERT INTO users_search(rowid, email, first_name, last_name) VALUES (new.rowid, new.email, new.first_name, new.last_name);
END;--> statement-breakpoint
CREATE VIRTUAL TABLE enrollment_forms_search USING fts5(name, whatsapp_number, email, city, state, content='enrollment_forms', tokenize='trigram');--> statement-breakpoint
INSERT INTO enrollment_forms_search(enrollment_forms_search, rank) VALUES ('secure-delete', 1);--> statement-breakpoint
INSERT INTO enrollment_forms_search(enrollment_forms_search) VALUES ('rebuild');--> statement-breakpoint
CREATE TRIGGER enrollment_forms_search_insert AFTER INSERT ON enrollment_forms
BEGIN
  INSERT INTO enrollment_forms_search(rowid, name, whatsapp_number, email, city, state) VALUES (new.rowid, new.name, new.whatsapp_number, new.email, new.city, new.state);
END;--> statement-breakpoint
CREATE TRIGGER enrollment_forms_search_delete AFTER DELETE ON enrollment_forms
BEGIN
  INSERT INTO enrollment_forms_search(enrollment_forms_search, rowid, name, whatsapp_number, email, city, state) VALUES ('delete', old.rowid, old.name, old.whatsapp_number, old.email, old.city, old.state);
END;--> statement-breakpoint
CREATE TRIGGER enrollment_forms_search_update AFTER UPDATE OF name, whatsapp_number, email, city, state ON enrollment_forms
BEGIN
  INSERT INTO enrollment_forms_search(enrollment_forms_search, rowid, name, whatsapp_number, email, city, state) VALUES ('delete', old.rowid, old.name, old.whatsapp_number, old.email, old.city, old.state);
  INSERT INTO enrollment_forms_search(rowid, name, whatsapp_number, email, city, state) VALUES (new.rowid, new.name, new.whatsapp_number, new.email, new.city, new.state);
END;--> statement-breakpoint
CREATE VIRTUAL TABLE event_registrations_search USING fts5(name, email, phone, content='event_registrations', tokenize='trigram');--> statement-breakpoint
INSERT INTO event_registrations_search(event_registrations_search, rank) VALUES ('secure-delete', 1);--> statement-breakpoint
INSERT INTO event_registrations_search(event_registrations_search) VALUES ('rebuild');--> statement-breakpoint
CREATE TRIGGER event_registrations_search_insert AFTER INSERT ON event_registrations
BEGIN
  INSERT INTO event_registrations_search(rowid, name, email, phone) VALUES (new.rowid, new.name, new.email, new.phone);
END;--> statement-breakpoint
CREATE TRIGGER event_registrations_search_delete AFTER DELETE ON event_registrations
BEGIN
  INSERT INTO event_registrations_search(event_registrations_search, rowid, name, email, phone) VALUES ('delete', old.rowid, old.name, old.email, old.phone);
END;--> statement-breakpoint
CREATE TRIGGER event_registrations_search_update AFTER UPDATE OF name, email, phone ON event_registrations
BEGIN
  INSERT INTO event_registrations_search(event_registrations_search, rowid, name, email, phone) VALUES ('delete', old.rowid, old.name, old.email, old.phone);
  INSERT INTO event_registrations_search(rowid, name, email, phone) VALUES (new.rowid, new.name, new.email, new.phone);
END;--> statement-breakpoint
CREATE VIRTUAL TABLE outbox_search USING fts5(to_address, subject, content='outbox_messages', tokenize='trigram');--> statement-breakpoint
INSERT INTO outbox_search(outbox_search, rank) VALUES ('secure-delete', 1);--> statement-breakpoint
INSERT INTO outbox_search(outbox_search) VALUES ('rebuild');--> statement-breakpoint
CREATE TRIGGER outbox_search_insert AFTER INSERT ON outbox_messages
BEGIN
  INSERT INTO outbox_search(rowid, to_address, subject) VALUES (new.rowid, new.to_address, new.subject);
END;--> statement-breakpoint
CREATE TRIGGER outbox_search_delete AFTER DELETE ON outbox_messages
BEGIN
  INSERT INTO outbox_search(outbox_search, rowid, to_address, subject) VALUES ('delete', old.rowid, old.to_address, old.subject);
END;--> statement-breakpoint
CREATE TRIGGER outbox_search_update AFTER UPDATE OF to_address, subject ON outbox_messages
BEGIN
  INSERT INTO outbox_search(outbox_search, rowid, to_address, subject) VALUES ('delete', old.rowid, old.to_address, old.subject);
  INSERT INTO outbox_search(rowid, to_address, subject) VALUES (new.rowid, new.to_address, new.subject);
END;
