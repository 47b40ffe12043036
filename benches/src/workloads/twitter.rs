//! Typed model of `twitter.json` (search API results).

use json_runtime::ToJson;
use serde::{Deserialize, Serialize};

/// The document.
#[derive(Debug, Clone, Serialize, Deserialize, ToJson, simd_json_derive::Serialize)]
pub struct Twitter {
    /// Tweets.
    pub statuses: Vec<Status>,
    /// Search metadata.
    pub search_metadata: SearchMetadata,
}

/// A tweet.
#[derive(Debug, Clone, Serialize, Deserialize, ToJson, simd_json_derive::Serialize)]
pub struct Status {
    pub metadata: Metadata,
    pub created_at: String,
    pub id: u64,
    pub id_str: String,
    pub text: String,
    pub source: String,
    pub truncated: bool,
    pub in_reply_to_status_id: Option<u64>,
    pub in_reply_to_status_id_str: Option<String>,
    pub in_reply_to_user_id: Option<u64>,
    pub in_reply_to_user_id_str: Option<String>,
    pub in_reply_to_screen_name: Option<String>,
    pub user: User,
    pub geo: Option<String>,
    pub coordinates: Option<String>,
    pub place: Option<String>,
    pub contributors: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retweeted_status: Option<Box<Status>>,
    pub retweet_count: u32,
    pub favorite_count: u32,
    pub entities: StatusEntities,
    pub favorited: bool,
    pub retweeted: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub possibly_sensitive: Option<bool>,
    pub lang: String,
}

/// Search result metadata of a tweet.
#[derive(Debug, Clone, Serialize, Deserialize, ToJson, simd_json_derive::Serialize)]
pub struct Metadata {
    pub result_type: String,
    pub iso_language_code: String,
}

/// A user.
#[derive(Debug, Clone, Serialize, Deserialize, ToJson, simd_json_derive::Serialize)]
pub struct User {
    pub id: u64,
    pub id_str: String,
    pub name: String,
    pub screen_name: String,
    pub location: String,
    pub description: String,
    pub url: Option<String>,
    pub entities: UserEntities,
    pub protected: bool,
    pub followers_count: u32,
    pub friends_count: u32,
    pub listed_count: u32,
    pub created_at: String,
    pub favourites_count: u32,
    pub utc_offset: Option<i32>,
    pub time_zone: Option<String>,
    pub geo_enabled: bool,
    pub verified: bool,
    pub statuses_count: u32,
    pub lang: String,
    pub contributors_enabled: bool,
    pub is_translator: bool,
    pub is_translation_enabled: bool,
    pub profile_background_color: String,
    pub profile_background_image_url: String,
    pub profile_background_image_url_https: String,
    pub profile_background_tile: bool,
    pub profile_image_url: String,
    pub profile_image_url_https: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub profile_banner_url: Option<String>,
    pub profile_link_color: String,
    pub profile_sidebar_border_color: String,
    pub profile_sidebar_fill_color: String,
    pub profile_text_color: String,
    pub profile_use_background_image: bool,
    pub default_profile: bool,
    pub default_profile_image: bool,
    pub following: bool,
    pub follow_request_sent: bool,
    pub notifications: bool,
}

/// Entities of a user profile.
#[derive(Debug, Clone, Serialize, Deserialize, ToJson, simd_json_derive::Serialize)]
pub struct UserEntities {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<UserUrl>,
    pub description: UserEntitiesDescription,
}

/// URLs of a profile's url field.
#[derive(Debug, Clone, Serialize, Deserialize, ToJson, simd_json_derive::Serialize)]
pub struct UserUrl {
    pub urls: Vec<Url>,
}

/// URLs in a profile description.
#[derive(Debug, Clone, Serialize, Deserialize, ToJson, simd_json_derive::Serialize)]
pub struct UserEntitiesDescription {
    pub urls: Vec<Url>,
}

/// A URL entity.
#[derive(Debug, Clone, Serialize, Deserialize, ToJson, simd_json_derive::Serialize)]
pub struct Url {
    pub url: String,
    pub expanded_url: String,
    pub display_url: String,
    pub indices: Vec<u16>,
}

/// Entities of a tweet.
#[derive(Debug, Clone, Serialize, Deserialize, ToJson, simd_json_derive::Serialize)]
pub struct StatusEntities {
    pub hashtags: Vec<Hashtag>,
    /// Always empty in the data.
    pub symbols: Vec<String>,
    pub urls: Vec<Url>,
    pub user_mentions: Vec<UserMention>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub media: Option<Vec<Media>>,
}

/// A hashtag.
#[derive(Debug, Clone, Serialize, Deserialize, ToJson, simd_json_derive::Serialize)]
pub struct Hashtag {
    pub text: String,
    pub indices: Vec<u16>,
}

/// A mention.
#[derive(Debug, Clone, Serialize, Deserialize, ToJson, simd_json_derive::Serialize)]
pub struct UserMention {
    pub screen_name: String,
    pub name: String,
    pub id: u64,
    pub id_str: String,
    pub indices: Vec<u16>,
}

/// An attached picture.
#[derive(Debug, Clone, Serialize, Deserialize, ToJson, simd_json_derive::Serialize)]
pub struct Media {
    pub id: u64,
    pub id_str: String,
    pub indices: Vec<u16>,
    pub media_url: String,
    pub media_url_https: String,
    pub url: String,
    pub display_url: String,
    pub expanded_url: String,
    #[serde(rename = "type")]
    pub media_type: String,
    pub sizes: Sizes,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_status_id: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_status_id_str: Option<String>,
}

/// The sizes of a picture.
#[derive(Debug, Clone, Serialize, Deserialize, ToJson, simd_json_derive::Serialize)]
pub struct Sizes {
    pub medium: Size,
    pub small: Size,
    pub thumb: Size,
    pub large: Size,
}

/// One size of a picture.
#[derive(Debug, Clone, Serialize, Deserialize, ToJson, simd_json_derive::Serialize)]
pub struct Size {
    pub w: u16,
    pub h: u16,
    pub resize: String,
}

/// Metadata of the search.
#[derive(Debug, Clone, Serialize, Deserialize, ToJson, simd_json_derive::Serialize)]
pub struct SearchMetadata {
    pub completed_in: f64,
    pub max_id: u64,
    pub max_id_str: String,
    pub next_results: String,
    pub query: String,
    pub refresh_url: String,
    pub count: u32,
    pub since_id: u64,
    pub since_id_str: String,
}
