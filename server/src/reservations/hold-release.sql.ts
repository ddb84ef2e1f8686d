/**
 * The reservation rows' part of releasing hold orders at their deadline, as the CTEs `res` and `tix` that the holds
 * context's release statement (holds/holds.repository.ts) composes after its own CTE `released` (the released hold
 * orders' `reservation_id`). One statement with the hold orders, so each hold is released once whichever node gets
 * there; the SQL is defined here, in the one writer of reservation rows (docs/decisions/015-one-money-attempt.md).
 * The reservation is cancelled only while it is still a hold, and its tickets leave 'live'; each step finds its rows
 * by the keys the step before returned (`= ANY (ARRAY(...))`), so a batch costs what it holds
 * (hold-release-plan.medium.test.ts). `tix` answers each ticket with its seat key (`section:x:y`).
 */
export const RELEASE_HELD_RESERVATIONS = `res AS (
           UPDATE reservation r SET state = 'cancelled'
            WHERE r.id = ANY (ARRAY(SELECT reservation_id FROM released)) AND r.state = 'hold'
           RETURNING r.id
         ), tix AS (
           UPDATE reservation_ticket t SET status = 'cancelled'
            WHERE t.reservation_id = ANY (ARRAY(SELECT id FROM res)) AND t.status <> 'cancelled'
           RETURNING t.id, t.reservation_id, t.presentation_id, t.section_id || ':' || t.x || ':' || t.y AS k
         )`;
