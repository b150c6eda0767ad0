-- topic features: registration → tracker topic (pipeline/seeds/topics.csv). With 25 topics every pair could be
-- scored; candidates are the topics whose registry subjects or keywords touch the registration at all.
-- Features: the registration's first-listed registry subject (the registry form's main subject) and the others
-- against the topic's subjects, the topic's keywords found in the particulars and in the subject-matter definition,
-- whether the topic is the taxonomy's default topic for the first subject, and the keyword rank among candidates.
with registrations as (
    select id, subjects, particulars, subject_matter_definition from int_registrations
),

topics as (
    select topic_id, label, registry_subjects, keywords from stg_seeds__topics
),

-- logical CTEs

registration_subjects as (
    select id as registration_id, subjects[1] as first_subject, coalesce(subjects, []) as subjects,
        lower(strip_accents(coalesce(particulars, ''))) as particulars_text,
        lower(strip_accents(coalesce(subject_matter_definition, ''))) as definition_text,
        particulars, subject_matter_definition
    from registrations
),

topic_order as (
    -- taxonomy order (file order) decides the default topic of a registry subject
    select *, row_number() over () as topic_rank from topics
),

default_topics as (
    -- a registry subject's default topic: the first topic that lists it first, else the first that lists it
    select s as subject, arg_min(topic_id, (case when registry_subjects[1] = s then 0 else 1 end, topic_rank)) as topic_id
    from topic_order, unnest(registry_subjects) as u(s)
    group by s
),

keyword_hits as (
    -- a keyword as a word (plural s/es allowed); the keywords are plain words, so a text can name one only if it
    -- contains it: that cheap test first spares compiling the word-boundary pattern for every text and keyword
    select r.registration_id, t.topic_id,
        list(distinct k order by k) filter (where case when contains(r.particulars_text, lower(k))
            then regexp_matches(r.particulars_text, '\b' || lower(k) || '(s|es)?\b') else false end) as particulars_keywords,
        list(distinct k order by k) filter (where case when contains(r.definition_text, lower(k))
            then regexp_matches(r.definition_text, '\b' || lower(k) || '(s|es)?\b') else false end) as definition_keywords
    from registration_subjects as r
    cross join topics as t -- 25 topics: every pair is checked for keywords, which is linear in registrations
    cross join unnest(t.keywords) as u(k)
    group by all
),

pairs as (
    select
        r.registration_id, t.topic_id, t.label, t.registry_subjects, r.subjects, r.first_subject, r.particulars,
        r.subject_matter_definition,
        coalesce(k.particulars_keywords, []) as particulars_keywords,
        coalesce(k.definition_keywords, []) as definition_keywords,
        list_intersect(r.subjects, t.registry_subjects) as shared_subjects,
        case when list_contains(t.registry_subjects, r.first_subject) then 1 else 0 end as first_subject_listed,
        case when t.registry_subjects[1] = r.first_subject then 1 else 0 end as first_subject_is_main,
        case when d.topic_id = t.topic_id then 1 else 0 end as default_topic
    from registration_subjects as r
    cross join topics as t
    left join keyword_hits as k on k.registration_id = r.registration_id and k.topic_id = t.topic_id
    left join default_topics as d on d.subject = r.first_subject
),

candidates as (
    select * from pairs
    -- a topic is a candidate only when a registry subject or a keyword of it appears on the registration
    where len(shared_subjects) > 0 or len(particulars_keywords) > 0 or len(definition_keywords) > 0
),

ranked as (
    select *,
        len(shared_subjects) / greatest(len(subjects), 1) as subject_share,
        case when len(shared_subjects) > 0 and first_subject_listed = 0 then 1 else 0 end as other_subject_listed,
        ln(1 + len(particulars_keywords)) as particulars_keyword_hits,
        case when len(definition_keywords) > 0 then 1 else 0 end as definition_keyword,
        case when len(particulars_keywords) > 0 and len(particulars_keywords)
            = max(len(particulars_keywords)) over (partition by registration_id) then 1 else 0 end as best_keyword_topic,
        ln(count(*) over (partition by registration_id)) as topic_rivals
    from candidates
),

final as (
    select
        'topic' as task,
        'registration' as from_type,
        registration_id as from_id,
        'topic' as to_type,
        topic_id as to_id,
        map {
            'first_subject_listed': first_subject_listed::double, 'first_subject_is_main': first_subject_is_main::double,
            'other_subject_listed': other_subject_listed::double, 'subject_share': subject_share,
            'particulars_keyword_hits': particulars_keyword_hits, 'definition_keyword': definition_keyword::double,
            'default_topic': default_topic::double, 'best_keyword_topic': best_keyword_topic::double,
            'topic_rivals': topic_rivals
        } as x,
        json_object(
            'features', [
                {'name': 'first_subject_listed', 'label': 'the registration''s first registry subject is one of the topic''s subjects', 'value': first_subject_listed},
                {'name': 'first_subject_is_main', 'label': 'the registration''s first registry subject is the topic''s main subject', 'value': first_subject_is_main},
                {'name': 'other_subject_listed', 'label': 'only a later registry subject is one of the topic''s subjects', 'value': other_subject_listed},
                {'name': 'subject_share', 'label': 'share of the registration''s subjects that belong to the topic', 'value': round(subject_share, 4)},
                {'name': 'particulars_keyword_hits', 'label': 'ln(1 + topic keywords found in the particulars)', 'value': round(particulars_keyword_hits, 4)},
                {'name': 'definition_keyword', 'label': 'a topic keyword is in the subject-matter definition', 'value': definition_keyword},
                {'name': 'default_topic', 'label': 'the taxonomy''s default topic for the first registry subject', 'value': default_topic},
                {'name': 'best_keyword_topic', 'label': 'no other candidate topic has more keywords in the particulars', 'value': best_keyword_topic},
                {'name': 'topic_rivals', 'label': 'ln(number of candidate topics of the registration)', 'value': round(topic_rivals, 4)}
            ],
            'registration', {'id': registration_id, 'subjects': subjects, 'particulars': particulars,
                'subject_matter_definition': subject_matter_definition},
            'topic', {'id': topic_id, 'label': label, 'registry_subjects': registry_subjects},
            'shared_subjects', shared_subjects,
            'matched_keywords', list_distinct(list_concat(particulars_keywords, definition_keywords))
        ) as evidence,
        json_object() as extra
    from ranked
)

select * from final
