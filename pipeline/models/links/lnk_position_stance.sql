-- Position task, step 1: the stance a communication's summary states, read with a documented lexicon
-- (docs/methodology-position-review.md). Negated phrases are rewritten first ("cannot support", "not to adopt" →
-- neg_support, an opposition phrase; "does not oppose", "no objection" → neg_oppose, a hedge; "neither … nor …" →
-- a hedge), then support, opposition and hedge phrases are matched as whole words. A stance is clear when one
-- direction matches and no hedge does; hedged when one direction and a hedge match; mixed when both directions do.
with communications as (
    select communication_id, summary from stg_tmmis__item_communications where communication_id is not null
),

normalised as (
    select communication_id,
        ' ' || trim(regexp_replace(lower(strip_accents(coalesce(summary, ''))), '[^a-z'']+', ' ', 'g')) || ' ' as t0
    from communications
),

negations as (
    select communication_id,
        regexp_replace(regexp_replace(regexp_replace(t0,
            '\b(cannot|can not|can''t|does not|do not|did not|will not|would not|not|no longer) (to )?(support|supports|endorse|endorses|adopt|approve|favour|favor)\b',
            ' neg_support ', 'g'),
            '\b(does not|do not|did not|will not|would not|not|no longer) (oppose|opposes|object|objects)\b|\bno objections?\b',
            ' neg_oppose ', 'g'),
            '\bneither\b.*?\bnor\b( [a-z]+)?', ' neither_nor ', 'g') as t
    from normalised
),

matched as (
    select communication_id, t,
        regexp_extract_all(t, '\b(in support of|letter of support|support|supports|supported|supportive|endorse|endorses|endorsement|in favour of|in favor of|(urges?|asks?|requests?) (council|the committee|committee) to (adopt|approve)|welcomes?)\b') as support_phrases,
        regexp_extract_all(t, '\b(neg_support|oppose|opposes|opposed|opposition|objects? to|objection to|against|(urges?|asks?|requests?) (council|the committee|committee) to (reject|refuse)|refuse|refused|reject|rejection)\b') as oppose_phrases,
        regexp_extract_all(t, '\b(neg_oppose|neither_nor|but|however|although|concerns?|if|unless|provided that|subject to|conditions?|conditional|in principle|intent|generally|may|might|pending|deferral|defer|further (consultation|study|review)|part of|questions? about|information|comments? on)\b') as hedge_phrases
    from negations
),

final as (
    select
        communication_id,
        support_phrases,
        oppose_phrases,
        hedge_phrases,
        case
            when len(support_phrases) > 0 and len(oppose_phrases) = 0 then 'support'
            when len(oppose_phrases) > 0 and len(support_phrases) = 0 then 'oppose'
        end as stance,
        case
            when len(support_phrases) > 0 and len(oppose_phrases) > 0 then 'mixed'
            when len(support_phrases) + len(oppose_phrases) = 0 then 'none'
            when len(hedge_phrases) > 0 then 'hedged'
            else 'clear'
        end as clarity
    from matched
)

select * from final
