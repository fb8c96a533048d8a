CREATE TABLE "learning_progress" (
	"activity_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"questions_asked" integer DEFAULT 0 NOT NULL,
	"question_times" timestamp with time zone[] DEFAULT '{}' NOT NULL,
	"answer_ids" uuid[] DEFAULT '{}' NOT NULL,
	"answer_times" timestamp with time zone[] DEFAULT '{}' NOT NULL,
	"topics" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"seconds" double precision DEFAULT 0 NOT NULL,
	"minute_times" timestamp with time zone[] DEFAULT '{}' NOT NULL,
	"first_at" timestamp with time zone,
	"last_at" timestamp with time zone,
	CONSTRAINT "learning_progress_activity_id_student_id_pk" PRIMARY KEY("activity_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "learning_progress" ADD CONSTRAINT "learning_progress_activity_id_learning_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."learning_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_progress" ADD CONSTRAINT "learning_progress_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: fills the summary of attempts logged before this migration, from the chat log
-- (the statement of summariesFromChatLog in modules/learning/progress.query.ts).
insert into learning_progress (activity_id, student_id, questions_asked, question_times,
      answer_ids, answer_times, topics, seconds, minute_times, first_at, last_at)
    with entries as (
      select t.activity_id, t.student_id, e.id, e.conversation_id, e.created_at,
        case when e.decision = 'answered' then e.answer_question_id end as answer_id,
        case when e.decision = 'answered' then sq.storyfile_topic_id end as topic_id,
        greatest(0, extract(epoch from e.created_at - greatest(c.started_at, lag(e.created_at)
          over (partition by e.conversation_id order by e.created_at, e.id)))::float8) as added
      from learning_attempts t
      join chat_log_entries e on e.conversation_id = t.conversation_id
      join conversations c on c.id = t.conversation_id
      left join storyfile_questions sq on sq.id = e.answer_question_id
      where true
    ),
    running as (
      select *, sum(added) over (partition by activity_id, student_id
        order by created_at, id) as seconds_then
      from entries
    ),
    asked as (
      select activity_id, student_id, count(*)::int as questions_asked,
        (array_agg(created_at order by created_at, id))[1:1000] as question_times,
        max(seconds_then) as seconds, min(created_at) as first_at, max(created_at) as last_at
      from running group by 1, 2
    ),
    answers as (
      select activity_id, student_id, array_agg(answer_id order by first_at, answer_id) as ids,
        array_agg(first_at order by first_at, answer_id) as times
      from (select activity_id, student_id, answer_id, min(created_at) as first_at
        from entries where answer_id is not null group by 1, 2, 3) f
      group by 1, 2
    ),
    topics as (
      select activity_id, student_id, jsonb_object_agg(topic_id::text, first_at) as topics
      from (select activity_id, student_id, topic_id, min(created_at) as first_at
        from entries where topic_id is not null group by 1, 2, 3) f
      group by 1, 2
    ),
    minutes as (
      -- Each exchange holds the whole minutes its conversation time crossed (one pass, no search).
      select activity_id, student_id, array_agg(created_at order by k) as times
      from (select *, coalesce(lag(seconds_then) over (partition by activity_id, student_id
          order by created_at, id), 0) as seconds_before from running) r
      cross join lateral generate_series(floor(r.seconds_before / 60)::int + 1,
        least(600, floor(r.seconds_then / 60)::int)) k
      group by 1, 2
    )
    select a.activity_id, a.student_id, a.questions_asked, a.question_times,
      coalesce(an.ids, '{}') as answer_ids, coalesce(an.times, '{}') as answer_times,
      coalesce(tp.topics, '{}') as topics, a.seconds,
      coalesce(m.times, '{}') as minute_times, a.first_at, a.last_at
    from asked a
    left join answers an using (activity_id, student_id)
    left join topics tp using (activity_id, student_id)
    left join minutes m using (activity_id, student_id)
;
