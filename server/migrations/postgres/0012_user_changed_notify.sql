-- Every committed change to what a user's info or check-in state shows notifies `aivg_user_changed` with the user's
-- id, so each server instance forgets the info it keeps in memory (server/src/user_infos.rs). A
-- ledger write always bumps `users.ledger_version`, and the entries themselves notify too, so a
-- writer that forgot the bump is still seen. PostgreSQL sends notifications at commit (none for a
-- rolled-back transaction) and folds identical ones of one transaction into one.
CREATE FUNCTION aivg_user_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('aivg_user_changed', OLD.id::text);
    ELSE
        PERFORM pg_notify('aivg_user_changed', NEW.id::text);
    END IF;
    RETURN NULL;
END;
$$;

CREATE FUNCTION aivg_user_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('aivg_user_changed', OLD.user_id::text);
    ELSE
        PERFORM pg_notify('aivg_user_changed', NEW.user_id::text);
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION aivg_user_row_changed();
CREATE TRIGGER subscriptions_changed AFTER INSERT OR UPDATE OR DELETE ON subscriptions
    FOR EACH ROW EXECUTE FUNCTION aivg_user_data_changed();
CREATE TRIGGER credit_entries_changed AFTER INSERT OR UPDATE OR DELETE ON credit_entries
    FOR EACH ROW EXECUTE FUNCTION aivg_user_data_changed();
CREATE TRIGGER checkins_changed AFTER INSERT OR UPDATE OR DELETE ON checkins
    FOR EACH ROW EXECUTE FUNCTION aivg_user_data_changed();
